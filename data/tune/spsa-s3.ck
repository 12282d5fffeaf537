# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 5410
results 38
search.aspiration_window = 19.016960449867927
search.rfp_max_depth = 3.988670537376109
search.rfp_margin = 78.04283151304385
search.nmp_base_reduction = 4.741150969021392
search.nmp_depth_divisor = 2.873894042069223
search.nmp_eval_divisor = 152.46368467658567
search.futility_max_depth = 8.811202218387223
search.futility_base = 73.64055113949097
search.futility_per_depth = 80.50201489808838
search.lmp_max_depth = 5.346530856974729
search.lmp_base = 8.28284434281593
search.see_max_depth = 13.024238464103648
search.see_quiet_margin = 55.69462553175971
search.see_capture_margin = 17.02477519664924
search.lmr_base = 87.37585041763876
search.lmr_divisor = 188.7365715291353
search.iir_min_depth = 7.093514609158854
search.qs_delta_margin = 490.3968668243362
search.se_min_depth = 5.831241518415679
search.se_margin = 3.317045607443792
search.correction_weight = 103.90843338118702
search.correction_nonpawn = 137.90355661093577
search.capture_history = 103.42844164203481
search.lmr_history_divisor = 6472.795247952204
search.history_bonus_per_depth = 328.92883102940374
search.history_bonus_max = 2137.94420839516
search.lmr_cut_node = 1.8960296089957485
search.lmr_not_improving = 0.3921087547567943
