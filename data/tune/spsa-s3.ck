# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 880
results 26
search.aspiration_window = 16.094753796113892
search.rfp_max_depth = 4.814664782755653
search.rfp_margin = 76.73699832523718
search.nmp_base_reduction = 4.6389983510246555
search.nmp_depth_divisor = 1.5996061217469624
search.nmp_eval_divisor = 180.52026921979686
search.futility_max_depth = 7.0227764058098305
search.futility_base = 93.31202186142444
search.futility_per_depth = 90.97113344760129
search.lmp_max_depth = 7.639169842518532
search.lmp_base = 8.13218106453285
search.see_max_depth = 9.556622866137998
search.see_quiet_margin = 55.483549871161735
search.see_capture_margin = 16.4963265986503
search.lmr_base = 93.20907454795746
search.lmr_divisor = 174.2564249429596
search.iir_min_depth = 3.9654605081246785
search.qs_delta_margin = 400.66799661054864
search.se_min_depth = 6.6605260434333005
search.se_margin = 1.7741427479865748
search.correction_weight = 86.15265034486548
search.correction_nonpawn = 107.25351937714298
search.capture_history = 122.01964411833558
search.lmr_history_divisor = 7027.762433056526
search.history_bonus_per_depth = 285.5299290622794
search.history_bonus_max = 2419.8631916158374
search.lmr_cut_node = 1.9911967910524861
search.lmr_not_improving = 0.09933001058042112
