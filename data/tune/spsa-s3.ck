# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 9548
results -46
search.aspiration_window = 20.13166804074893
search.rfp_max_depth = 3.2690835238069926
search.rfp_margin = 57.392788856261376
search.nmp_base_reduction = 4.125783966590575
search.nmp_depth_divisor = 2.4127999284919817
search.nmp_eval_divisor = 178.80922259821347
search.futility_max_depth = 9.228543773108301
search.futility_base = 69.01566368914322
search.futility_per_depth = 79.34090161219856
search.lmp_max_depth = 5.151091942975846
search.lmp_base = 7.599795293028517
search.see_max_depth = 12.64610854598133
search.see_quiet_margin = 59.899239558178365
search.see_capture_margin = 18.4426801702438
search.lmr_base = 75.49116454944345
search.lmr_divisor = 194.82960613664986
search.iir_min_depth = 6.053747167761749
search.qs_delta_margin = 500.20110882755483
search.se_min_depth = 6.500254754523326
search.se_margin = 1.8228497495550233
search.correction_weight = 104.61074284430443
search.correction_nonpawn = 132.66188531468777
search.capture_history = 94.96961621230281
search.lmr_history_divisor = 7298.693263447389
search.history_bonus_per_depth = 348.34175182934956
search.history_bonus_max = 2329.530246063394
search.lmr_cut_node = 1.4847043456620057
search.lmr_not_improving = 0.08632221811529384
