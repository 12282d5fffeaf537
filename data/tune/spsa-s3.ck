# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 10882
results -77
search.aspiration_window = 19.7386232601222
search.rfp_max_depth = 3.9168743593387254
search.rfp_margin = 56.560901591116284
search.nmp_base_reduction = 3.580106133741235
search.nmp_depth_divisor = 2.1640609235276798
search.nmp_eval_divisor = 178.22828407330314
search.futility_max_depth = 10.147423014169076
search.futility_base = 59.86044984545018
search.futility_per_depth = 80.14331582528769
search.lmp_max_depth = 5.715942610635361
search.lmp_base = 7.64566027830654
search.see_max_depth = 13.132447641304063
search.see_quiet_margin = 61.14328167828637
search.see_capture_margin = 18.605836699255846
search.lmr_base = 76.66643596812035
search.lmr_divisor = 189.47369744698946
search.iir_min_depth = 5.600464101930745
search.qs_delta_margin = 501.9024144952617
search.se_min_depth = 5.820715587926317
search.se_margin = 1.9851805896625512
search.correction_weight = 105.68725259238028
search.correction_nonpawn = 129.2822688040082
search.capture_history = 93.7686234734592
search.lmr_history_divisor = 7067.911777193344
search.history_bonus_per_depth = 344.2752085422561
search.history_bonus_max = 2318.97384143496
search.lmr_cut_node = 0.5679950674109898
search.lmr_not_improving = 0.19706718156909275
