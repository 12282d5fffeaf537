# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 2738
results -16
search.aspiration_window = 17.75964841774606
search.rfp_max_depth = 3.6226541817438447
search.rfp_margin = 73.5303900259573
search.nmp_base_reduction = 4.785839308046984
search.nmp_depth_divisor = 2.696198903114693
search.nmp_eval_divisor = 181.76680918993003
search.futility_max_depth = 7.849052912779942
search.futility_base = 79.35013014301174
search.futility_per_depth = 79.22662813520029
search.lmp_max_depth = 5.906298707303024
search.lmp_base = 7.144330124201413
search.see_max_depth = 10.701168036119833
search.see_quiet_margin = 55.15554058815805
search.see_capture_margin = 16.418709192447924
search.lmr_base = 94.45328902657519
search.lmr_divisor = 204.7686109034265
search.iir_min_depth = 5.980031787174437
search.qs_delta_margin = 480.6378733832282
search.se_min_depth = 5.423536090641206
search.se_margin = 3.040072815778421
search.correction_weight = 102.96722602520782
search.correction_nonpawn = 121.54491164246122
search.capture_history = 118.2732703261559
search.lmr_history_divisor = 6480.53417345808
search.history_bonus_per_depth = 274.54199123125915
search.history_bonus_max = 2285.970075709265
search.lmr_cut_node = 1.8878142591831515
search.lmr_not_improving = 0.289097957725406
