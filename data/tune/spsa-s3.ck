# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 2506
results -12
search.aspiration_window = 16.76496561118452
search.rfp_max_depth = 3.3727564867434254
search.rfp_margin = 69.37194749445545
search.nmp_base_reduction = 4.8710676106501225
search.nmp_depth_divisor = 2.5282469726687307
search.nmp_eval_divisor = 175.87791928468158
search.futility_max_depth = 7.435650032043911
search.futility_base = 82.02056093125383
search.futility_per_depth = 81.84995207403077
search.lmp_max_depth = 5.530569550643111
search.lmp_base = 7.6871904780534965
search.see_max_depth = 10.450087106835857
search.see_quiet_margin = 52.257234905836036
search.see_capture_margin = 16.41766028567274
search.lmr_base = 92.70535470110178
search.lmr_divisor = 201.17234504050745
search.iir_min_depth = 6.3985836223973305
search.qs_delta_margin = 472.83999183579374
search.se_min_depth = 4.879664975631924
search.se_margin = 3.0812988275531636
search.correction_weight = 103.39847726779094
search.correction_nonpawn = 123.08195988315975
search.capture_history = 110.20770503417765
search.lmr_history_divisor = 6862.814079089927
search.history_bonus_per_depth = 268.0131612503593
search.history_bonus_max = 2306.6604337113404
search.lmr_cut_node = 1.885024568661473
search.lmr_not_improving = 0.1059140312322693
