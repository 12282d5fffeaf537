# Build entry points for testing frameworks and packagers.
#
#   make                      the engine for this machine (target-cpu=native, see .cargo/config.toml)
#   make EXE=/path/to/engine  the same, copied to that path (what OpenBench calls)
#   make portable EXE=...     a binary for any x86-64 machine (no target-cpu=native)
#   make release              both binaries for download, in dist/chainmate-VERSION/ with
#                             SHA256SUMS: portable (x86-64-v2, magic sliders: any x86-64 CPU
#                             from 2009 on, and AMD Zen 1/2, whose PEXT is slow) and bmi2
#                             (x86-64-v3: BMI2's PEXT and AVX2, Intel Haswell / AMD Zen 3 on)

EXE ?= chainmate
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
DIST := dist/chainmate-$(VERSION)

.PHONY: all portable release

all:
	cargo build --release --bin chainmate
	cp target/release/chainmate $(EXE)

portable:
	RUSTFLAGS="" cargo build --release --bin chainmate --target-dir target/portable
	cp target/portable/release/chainmate $(EXE)

# Each build has its own target directory, so that neither replaces the native build.
# RUSTFLAGS in the environment overrides .cargo/config.toml's target-cpu=native.
release:
	rm -rf $(DIST)
	mkdir -p $(DIST)
	RUSTFLAGS="-C target-cpu=x86-64-v2" cargo build --release --workspace --features no-pext \
		--target-dir target/release-x86-64-v2
	RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --workspace \
		--target-dir target/release-x86-64-v3
	for bin in chainmate chainmate-lab; do \
		cp target/release-x86-64-v2/release/$$bin $(DIST)/$$bin-$(VERSION)-linux-x86-64-v2-portable && \
		cp target/release-x86-64-v3/release/$$bin $(DIST)/$$bin-$(VERSION)-linux-x86-64-v3-bmi2 || exit 1; \
	done
	cp LICENSE README.md CHANGELOG.md $(DIST)/
	$(DIST)/chainmate-$(VERSION)-linux-x86-64-v2-portable --version | grep -q '^sliders magics'
	if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then \
		$(DIST)/chainmate-$(VERSION)-linux-x86-64-v3-bmi2 --version | grep -q '^sliders PEXT'; \
	fi
	cd $(DIST) && sha256sum chainmate-* > SHA256SUMS && cat SHA256SUMS
