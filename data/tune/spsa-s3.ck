# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 13470
results -54
search.aspiration_window = 21.380717049338827
search.rfp_max_depth = 4.344131626889479
search.rfp_margin = 60.13631603708908
search.nmp_base_reduction = 3.113244045960174
search.nmp_depth_divisor = 1.9081865421676882
search.nmp_eval_divisor = 172.8781375898379
search.futility_max_depth = 9.869653465284099
search.futility_base = 66.80542250492103
search.futility_per_depth = 80.1226072548495
search.lmp_max_depth = 5.283496377907441
search.lmp_base = 7.472299873374063
search.see_max_depth = 12.174088926590784
search.see_quiet_margin = 58.791833001136126
search.see_capture_margin = 17.92293950654546
search.lmr_base = 77.1347469343776
search.lmr_divisor = 184.01256305999183
search.iir_min_depth = 6.327612663700717
search.qs_delta_margin = 458.97821538274354
search.se_min_depth = 5.532957683745779
search.se_margin = 1.8022287388304146
search.correction_weight = 115.31886807096248
search.correction_nonpawn = 128.6169110316515
search.capture_history = 101.41080880092493
search.lmr_history_divisor = 7044.141691029822
search.history_bonus_per_depth = 359.14893962071045
search.history_bonus_max = 2012.3245862905587
search.lmr_cut_node = 0.05944352805516198
search.lmr_not_improving = 0.130855569333384
