# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 7684
results -43
search.aspiration_window = 19.97521442985826
search.rfp_max_depth = 3.933530565894733
search.rfp_margin = 66.77160730699939
search.nmp_base_reduction = 4.299302631766396
search.nmp_depth_divisor = 3.1519641018416866
search.nmp_eval_divisor = 175.86222733232685
search.futility_max_depth = 8.81257780799118
search.futility_base = 71.4464813115085
search.futility_per_depth = 73.85083127091356
search.lmp_max_depth = 5.170274512088047
search.lmp_base = 7.051441097661031
search.see_max_depth = 12.533492126225697
search.see_quiet_margin = 59.72346318907861
search.see_capture_margin = 17.921312307128634
search.lmr_base = 77.21603345554718
search.lmr_divisor = 172.57630369304133
search.iir_min_depth = 6.361230966274744
search.qs_delta_margin = 506.70746466904905
search.se_min_depth = 5.257579528787942
search.se_margin = 1.9403630709150017
search.correction_weight = 100.69496054969643
search.correction_nonpawn = 133.65596544528609
search.capture_history = 89.12605765628365
search.lmr_history_divisor = 6724.331802066086
search.history_bonus_per_depth = 341.7495383062427
search.history_bonus_max = 2275.9414759091073
search.lmr_cut_node = 2.059085372767826
search.lmr_not_improving = 0.10450154217354868
