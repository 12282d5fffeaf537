# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 10876
results -78
search.aspiration_window = 19.660742152793137
search.rfp_max_depth = 3.903900009271507
search.rfp_margin = 56.23766271773821
search.nmp_base_reduction = 3.6190466874057665
search.nmp_depth_divisor = 2.2029975874132917
search.nmp_eval_divisor = 178.458067752307
search.futility_max_depth = 10.056563667861655
search.futility_base = 59.269886849800024
search.futility_per_depth = 80.4509769216355
search.lmp_max_depth = 5.806801956942782
search.lmp_base = 7.554800931999119
search.see_max_depth = 13.067550608815035
search.see_quiet_margin = 61.06798533149416
search.see_capture_margin = 18.675929695852002
search.lmr_base = 76.33930265048473
search.lmr_divisor = 190.14743630354857
search.iir_min_depth = 5.665361134419773
search.qs_delta_margin = 500.6991513870277
search.se_min_depth = 5.80773345916904
search.se_margin = 1.9462439257769395
search.correction_weight = 105.27833594533573
search.correction_nonpawn = 128.4372768833492
search.capture_history = 93.32863917155179
search.lmr_history_divisor = 7018.356403184723
search.history_bonus_per_depth = 345.29545104826684
search.history_bonus_max = 2315.8132897585856
search.lmr_cut_node = 0.5290506248353185
search.lmr_not_improving = 0.23600384545470454
