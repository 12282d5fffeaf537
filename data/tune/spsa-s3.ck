# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 16716
results -2
search.aspiration_window = 22.202635300614368
search.rfp_max_depth = 4.1459165070472705
search.rfp_margin = 55.74945269762397
search.nmp_base_reduction = 3.552382923935955
search.nmp_depth_divisor = 1.3955810642919786
search.nmp_eval_divisor = 178.03083278650956
search.futility_max_depth = 10.121650719600122
search.futility_base = 67.73565830333168
search.futility_per_depth = 71.14363731696074
search.lmp_max_depth = 5.2733295489999605
search.lmp_base = 7.697051035400631
search.see_max_depth = 11.48866650940532
search.see_quiet_margin = 53.69850467474132
search.see_capture_margin = 15.859970706642708
search.lmr_base = 84.79298640088514
search.lmr_divisor = 189.38366851290755
search.iir_min_depth = 6.222289039955893
search.qs_delta_margin = 494.49986580078354
search.se_min_depth = 5.756445486223219
search.se_margin = 2.1646503184749752
search.correction_weight = 119.34812532304974
search.correction_nonpawn = 127.63143461640239
search.capture_history = 94.07494043535286
search.lmr_history_divisor = 6428.5837521194335
search.history_bonus_per_depth = 360.7871247279107
search.history_bonus_max = 2256.886265429029
search.lmr_cut_node = 0.12414532988879716
search.lmr_not_improving = 0.15197288231188666
