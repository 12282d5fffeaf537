# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 8128
results -44
search.aspiration_window = 20.944507893124044
search.rfp_max_depth = 3.5926264268386694
search.rfp_margin = 62.980705026798375
search.nmp_base_reduction = 4.4021348096174595
search.nmp_depth_divisor = 3.1986244562503767
search.nmp_eval_divisor = 169.84860295789147
search.futility_max_depth = 8.356903729398292
search.futility_base = 66.77807053727507
search.futility_per_depth = 77.92824901858657
search.lmp_max_depth = 5.305234893012255
search.lmp_base = 7.269957053249913
search.see_max_depth = 12.404559089481987
search.see_quiet_margin = 61.5194938788551
search.see_capture_margin = 18.165802778365624
search.lmr_base = 77.32746782301244
search.lmr_divisor = 187.11990150635046
search.iir_min_depth = 6.145527866437446
search.qs_delta_margin = 495.32774162581416
search.se_min_depth = 5.625071156333497
search.se_margin = 1.7498241286289355
search.correction_weight = 108.28099679345553
search.correction_nonpawn = 137.63912836365947
search.capture_history = 89.28925915234097
search.lmr_history_divisor = 6624.019247854426
search.history_bonus_per_depth = 342.1734998818187
search.history_bonus_max = 2301.1795293619
search.lmr_cut_node = 1.7228910495428902
search.lmr_not_improving = 0.0874435012444251
