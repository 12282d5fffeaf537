# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 7318
results -38
search.aspiration_window = 18.74542010328428
search.rfp_max_depth = 4.069957285794035
search.rfp_margin = 69.37194738040628
search.nmp_base_reduction = 4.587739559692138
search.nmp_depth_divisor = 3.01763352145265
search.nmp_eval_divisor = 168.1675579639405
search.futility_max_depth = 8.737067233394011
search.futility_base = 74.86187050041704
search.futility_per_depth = 72.06879078551567
search.lmp_max_depth = 5.423553584649338
search.lmp_base = 6.974616788076436
search.see_max_depth = 12.517618694165805
search.see_quiet_margin = 58.221536144359966
search.see_capture_margin = 17.462544980921805
search.lmr_base = 79.59620204182694
search.lmr_divisor = 174.43480993941688
search.iir_min_depth = 6.526562891096034
search.qs_delta_margin = 508.975028209363
search.se_min_depth = 5.514500870163171
search.se_margin = 1.8674587912215943
search.correction_weight = 98.98428906143504
search.correction_nonpawn = 133.7826435142767
search.capture_history = 95.0398686990836
search.lmr_history_divisor = 6711.748654064691
search.history_bonus_per_depth = 338.2849813542433
search.history_bonus_max = 2264.1705495079404
search.lmr_cut_node = 2.4929314287486424
search.lmr_not_improving = 0.09233544051898104
