# Build entry points for testing frameworks and packagers.
#
#   make                      the engine for this machine (target-cpu=native, see .cargo/config.toml)
#   make EXE=/path/to/engine  the same, copied to that path (what OpenBench calls)
#   make portable EXE=...     a binary for any x86-64 machine (no target-cpu=native)

EXE ?= chainmate

.PHONY: all portable

all:
	cargo build --release --bin chainmate
	cp target/release/chainmate $(EXE)

portable:
	RUSTFLAGS="" cargo build --release --bin chainmate --target-dir target/portable
	cp target/portable/release/chainmate $(EXE)
