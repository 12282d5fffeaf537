# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 17186
results 3
search.aspiration_window = 22.6544529366725
search.rfp_max_depth = 3.617741342240735
search.rfp_margin = 56.187139261314016
search.nmp_base_reduction = 3.4116135501611646
search.nmp_depth_divisor = 1.2761627850945911
search.nmp_eval_divisor = 176.32327903150687
search.futility_max_depth = 10.456176603019252
search.futility_base = 70.19257365831754
search.futility_per_depth = 68.00824028114232
search.lmp_max_depth = 4.895212300341676
search.lmp_base = 7.600548153117055
search.see_max_depth = 11.629408541347974
search.see_quiet_margin = 50.76488350350608
search.see_capture_margin = 15.919234721269472
search.lmr_base = 83.25351314990603
search.lmr_divisor = 186.1882682517865
search.iir_min_depth = 6.535253295976247
search.qs_delta_margin = 489.53794945274234
search.se_min_depth = 5.93991897032053
search.se_margin = 2.0257254479142395
search.correction_weight = 124.88127841537131
search.correction_nonpawn = 129.3296924521391
search.capture_history = 95.16354161644234
search.lmr_history_divisor = 6732.773508085133
search.history_bonus_per_depth = 357.68256580274226
search.history_bonus_max = 2264.8590075278353
search.lmr_cut_node = 0.049441684809805285
search.lmr_not_improving = 0.0749090215850714
