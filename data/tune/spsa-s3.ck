# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 4536
results 3
search.aspiration_window = 17.660319709178662
search.rfp_max_depth = 3.2734565270848255
search.rfp_margin = 81.40529821028008
search.nmp_base_reduction = 5.280723846292434
search.nmp_depth_divisor = 2.026309598781961
search.nmp_eval_divisor = 166.7667363870356
search.futility_max_depth = 7.4159362130486715
search.futility_base = 74.49849997882613
search.futility_per_depth = 77.41506092295216
search.lmp_max_depth = 5.128876690115228
search.lmp_base = 8.057105961933837
search.see_max_depth = 13.075134603285546
search.see_quiet_margin = 54.28824969464673
search.see_capture_margin = 18.091403372622505
search.lmr_base = 91.42839494947509
search.lmr_divisor = 188.8126997461631
search.iir_min_depth = 7.775550524187257
search.qs_delta_margin = 487.1725769836558
search.se_min_depth = 4.417094626053848
search.se_margin = 3.8920039859457534
search.correction_weight = 103.45701910700787
search.correction_nonpawn = 133.5130129000628
search.capture_history = 110.66965420031991
search.lmr_history_divisor = 6057.677376985686
search.history_bonus_per_depth = 309.0309284389133
search.history_bonus_max = 2165.0384854481517
search.lmr_cut_node = 2.181559789610635
search.lmr_not_improving = 0.1797399439853068
