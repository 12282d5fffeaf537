# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 2774
results -3
search.aspiration_window = 18.047777313426856
search.rfp_max_depth = 3.4787523533213855
search.rfp_margin = 75.75093078823232
search.nmp_base_reduction = 4.806410663921885
search.nmp_depth_divisor = 2.6344209446481903
search.nmp_eval_divisor = 184.3154396404057
search.futility_max_depth = 7.704954915059484
search.futility_base = 79.91075811103416
search.futility_per_depth = 79.06343849660306
search.lmp_max_depth = 6.00943839238055
search.lmp_base = 7.123728607075299
search.see_max_depth = 10.680788956453792
search.see_quiet_margin = 55.27474874111038
search.see_capture_margin = 16.529982633096
search.lmr_base = 92.55334144395908
search.lmr_divisor = 207.9770601270997
search.iir_min_depth = 6.082775179564808
search.qs_delta_margin = 479.99980712558175
search.se_min_depth = 5.4030755756585505
search.se_margin = 2.937192246877066
search.correction_weight = 104.04684675877311
search.correction_nonpawn = 123.6503212559892
search.capture_history = 117.57710452319536
search.lmr_history_divisor = 6496.208949639935
search.history_bonus_per_depth = 272.9264155465016
search.history_bonus_max = 2311.028164127764
search.lmr_cut_node = 1.5378889354203729
search.lmr_not_improving = 0.2683670761760572
