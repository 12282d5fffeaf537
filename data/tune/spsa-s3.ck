# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 12520
results -62
search.aspiration_window = 22.04943896644072
search.rfp_max_depth = 4.485321077550456
search.rfp_margin = 57.36448123332958
search.nmp_base_reduction = 3.7618734935486
search.nmp_depth_divisor = 1.8415198287552104
search.nmp_eval_divisor = 180.89131055158833
search.futility_max_depth = 9.794355333119322
search.futility_base = 66.60058574191793
search.futility_per_depth = 81.27242582895637
search.lmp_max_depth = 5.62481522671928
search.lmp_base = 7.839594968365725
search.see_max_depth = 12.10049948500304
search.see_quiet_margin = 59.488650344835406
search.see_capture_margin = 18.841119970747584
search.lmr_base = 80.60196805164323
search.lmr_divisor = 176.08835391119763
search.iir_min_depth = 5.869935558878074
search.qs_delta_margin = 470.66310710814616
search.se_min_depth = 6.006254896483222
search.se_margin = 1.8033108187133724
search.correction_weight = 113.00552292839146
search.correction_nonpawn = 129.07684351593463
search.capture_history = 104.41252613885376
search.lmr_history_divisor = 7282.157763595603
search.history_bonus_per_depth = 354.77171678391016
search.history_bonus_max = 2236.584002886758
search.lmr_cut_node = 0.5205916386856091
search.lmr_not_improving = 0.12315999849173029
