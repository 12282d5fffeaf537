# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 11810
results -98
search.aspiration_window = 22.048940207036647
search.rfp_max_depth = 4.334709437644951
search.rfp_margin = 59.836513264676995
search.nmp_base_reduction = 3.8049299102565244
search.nmp_depth_divisor = 2.0430381314954595
search.nmp_eval_divisor = 172.09012505572562
search.futility_max_depth = 9.571080817783647
search.futility_base = 62.99104742223811
search.futility_per_depth = 82.61915341495259
search.lmp_max_depth = 5.6998041714312
search.lmp_base = 7.841675322495743
search.see_max_depth = 12.814944589813193
search.see_quiet_margin = 61.32647965618465
search.see_capture_margin = 18.39867944097475
search.lmr_base = 81.8657083504442
search.lmr_divisor = 188.87723011463555
search.iir_min_depth = 6.095067975077997
search.qs_delta_margin = 495.2276122545375
search.se_min_depth = 5.759713600525343
search.se_margin = 2.15117450589393
search.correction_weight = 110.87512166545966
search.correction_nonpawn = 127.46812475657738
search.capture_history = 101.38707385335167
search.lmr_history_divisor = 7113.804533967336
search.history_bonus_per_depth = 360.00946273483265
search.history_bonus_max = 2320.804835158855
search.lmr_cut_node = 0.273746781946055
search.lmr_not_improving = 0.3696308018764439
