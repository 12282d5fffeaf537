# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 1150
results 45
search.aspiration_window = 16.729011663347613
search.rfp_max_depth = 4.735732599202444
search.rfp_margin = 74.91318261136541
search.nmp_base_reduction = 4.809027001750937
search.nmp_depth_divisor = 1.8199269267982798
search.nmp_eval_divisor = 186.18343604017207
search.futility_max_depth = 7.541904857208482
search.futility_base = 91.76345290309051
search.futility_per_depth = 86.92996161373013
search.lmp_max_depth = 7.4180917847698025
search.lmp_base = 8.747608614229758
search.see_max_depth = 10.169684149840599
search.see_quiet_margin = 53.36393879115377
search.see_capture_margin = 15.917236679698453
search.lmr_base = 87.63051847457784
search.lmr_divisor = 173.01007277503487
search.iir_min_depth = 4.041989729712559
search.qs_delta_margin = 430.1511053907098
search.se_min_depth = 6.734025588786795
search.se_margin = 2.0927803107781817
search.correction_weight = 87.48952411344743
search.correction_nonpawn = 114.30607224968045
search.capture_history = 125.59289322879108
search.lmr_history_divisor = 7159.259298583746
search.history_bonus_per_depth = 286.05940209723775
search.history_bonus_max = 2163.505131669402
search.lmr_cut_node = 1.825878386046873
search.lmr_not_improving = 0.04830107538022349
