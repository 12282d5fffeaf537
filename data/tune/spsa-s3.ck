# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 10862
results -78
search.aspiration_window = 19.71266969434055
search.rfp_max_depth = 3.9558387480784885
search.rfp_margin = 56.45320241893844
search.nmp_base_reduction = 3.567110869788307
search.nmp_depth_divisor = 2.1770367344609904
search.nmp_eval_divisor = 178.45811082671037
search.futility_max_depth = 10.108497540482285
search.futility_base = 59.506228028964095
search.futility_per_depth = 80.45099613920897
search.lmp_max_depth = 5.858746533891707
search.lmp_base = 7.502865115359536
search.see_max_depth = 12.989650531838587
search.see_quiet_margin = 61.369258234785676
search.see_capture_margin = 18.582460992697385
search.lmr_base = 76.5574555590033
search.lmr_divisor = 191.49517500356328
search.iir_min_depth = 5.717301818984475
search.qs_delta_margin = 499.09406395930597
search.se_min_depth = 5.75579861535403
search.se_margin = 1.8943042140368116
search.correction_weight = 105.2783512730222
search.correction_nonpawn = 127.9543099786801
search.capture_history = 93.0353035386683
search.lmr_history_divisor = 7018.353057876408
search.history_bonus_per_depth = 345.2955913176717
search.history_bonus_max = 2303.163858598328
search.lmr_cut_node = 0.5550143956090231
search.lmr_not_improving = 0.2360023856750408
