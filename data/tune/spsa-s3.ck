# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 17382
results 22
search.aspiration_window = 22.803613275010246
search.rfp_max_depth = 3.5430992070550986
search.rfp_margin = 54.858763200898494
search.nmp_base_reduction = 3.529054308118409
search.nmp_depth_divisor = 0.9242444496469749
search.nmp_eval_divisor = 168.2053492637077
search.futility_max_depth = 10.615873804538781
search.futility_base = 71.45323507358593
search.futility_per_depth = 65.22606893703164
search.lmp_max_depth = 4.927287084627806
search.lmp_base = 7.611021184540502
search.see_max_depth = 11.597322022471394
search.see_quiet_margin = 51.07306298808291
search.see_capture_margin = 16.130161491054825
search.lmr_base = 82.4484114230923
search.lmr_divisor = 182.3139867134533
search.iir_min_depth = 6.332467202446758
search.qs_delta_margin = 501.07345722912146
search.se_min_depth = 5.993078389503789
search.se_margin = 2.0364296887561872
search.correction_weight = 123.4274723664314
search.correction_nonpawn = 130.02432707639136
search.capture_history = 97.934042286505
search.lmr_history_divisor = 6920.274688069461
search.history_bonus_per_depth = 356.8443986989
search.history_bonus_max = 2309.0740428988674
search.lmr_cut_node = 0.06386549114053935
search.lmr_not_improving = 0.010645546186727566
