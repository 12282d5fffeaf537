# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 2236
results -6
search.aspiration_window = 16.926379163596426
search.rfp_max_depth = 3.200689274792152
search.rfp_margin = 66.52367863121066
search.nmp_base_reduction = 5.12575645561099
search.nmp_depth_divisor = 2.1873252370387126
search.nmp_eval_divisor = 177.36459866975352
search.futility_max_depth = 7.093866825702946
search.futility_base = 83.20516034167338
search.futility_per_depth = 82.52706425547954
search.lmp_max_depth = 6.429578719113623
search.lmp_base = 7.603399490676976
search.see_max_depth = 10.18723118697004
search.see_quiet_margin = 53.488991303273515
search.see_capture_margin = 16.578694694882177
search.lmr_base = 93.03703136792075
search.lmr_divisor = 205.58411132612335
search.iir_min_depth = 5.41100053995701
search.qs_delta_margin = 439.89412359372784
search.se_min_depth = 5.136072315827413
search.se_margin = 2.7395300531771247
search.correction_weight = 106.51159118787356
search.correction_nonpawn = 121.48549278945868
search.capture_history = 116.96314733444225
search.lmr_history_divisor = 6731.561959923389
search.history_bonus_per_depth = 266.9481640906173
search.history_bonus_max = 2348.747012462004
search.lmr_cut_node = 2.9985080812773783
search.lmr_not_improving = 0.21996738033828642
