# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 3714
results 0
search.aspiration_window = 19.068993962478768
search.rfp_max_depth = 3.2280288173808325
search.rfp_margin = 86.25315965467722
search.nmp_base_reduction = 4.9680022571289175
search.nmp_depth_divisor = 2.1034353878086787
search.nmp_eval_divisor = 176.83662779720632
search.futility_max_depth = 7.583706898113839
search.futility_base = 72.32759634500457
search.futility_per_depth = 76.38390281820479
search.lmp_max_depth = 5.629637997010791
search.lmp_base = 7.432559420702393
search.see_max_depth = 12.713308081744023
search.see_quiet_margin = 52.01968535592451
search.see_capture_margin = 16.984690557178666
search.lmr_base = 92.80394364810613
search.lmr_divisor = 193.02802265834816
search.iir_min_depth = 7.18298137567052
search.qs_delta_margin = 486.4044382700962
search.se_min_depth = 4.8398447027883815
search.se_margin = 4.160310508996137
search.correction_weight = 97.5433140855134
search.correction_nonpawn = 130.20195655052555
search.capture_history = 119.68410080091711
search.lmr_history_divisor = 6130.682770343742
search.history_bonus_per_depth = 311.4152385472424
search.history_bonus_max = 2262.649279140969
search.lmr_cut_node = 1.3491372869828695
search.lmr_not_improving = 0.1721682094390478
