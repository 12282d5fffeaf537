# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 17380
results 21
search.aspiration_window = 22.782331320557926
search.rfp_max_depth = 3.553740184281258
search.rfp_margin = 54.77044308992137
search.nmp_base_reduction = 3.5184133308922494
search.nmp_depth_divisor = 0.9348854268731345
search.nmp_eval_divisor = 168.39369456061073
search.futility_max_depth = 10.626514781764941
search.futility_base = 71.55006796634399
search.futility_per_depth = 65.3101326571183
search.lmp_max_depth = 4.916646107401646
search.lmp_base = 7.600380207314342
search.see_max_depth = 11.607962999697554
search.see_quiet_margin = 51.13478065599463
search.see_capture_margin = 16.14931525006191
search.lmr_base = 82.35902721439255
search.lmr_divisor = 182.12989780744073
search.iir_min_depth = 6.321826225220598
search.qs_delta_margin = 501.4022634254098
search.se_min_depth = 5.982437412277629
search.se_margin = 2.0257887115300277
search.correction_weight = 123.31574210555672
search.correction_nonpawn = 129.92536598818808
search.capture_history = 98.0542853291606
search.lmr_history_divisor = 6928.400138279357
search.history_bonus_per_depth = 357.1231923022254
search.history_bonus_max = 2311.6661849511597
search.lmr_cut_node = 0.05322451391437981
search.lmr_not_improving = 0.021286523412887105
