# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 17362
results 26
search.aspiration_window = 22.761040225790122
search.rfp_max_depth = 3.4792353335100477
search.rfp_margin = 54.505404650698715
search.nmp_base_reduction = 3.5290647946511284
search.nmp_depth_divisor = 0.9880970319838751
search.nmp_eval_divisor = 169.7125065910274
search.futility_max_depth = 10.615879990911575
search.futility_base = 71.25947875722498
search.futility_per_depth = 65.22602008040684
search.lmp_max_depth = 4.863427510836292
search.lmp_base = 7.568444103005962
search.see_max_depth = 11.597323904745066
search.see_quiet_margin = 51.07306453829046
search.see_capture_margin = 16.015210389548173
search.lmr_base = 82.4484317578926
search.lmr_divisor = 181.94568327266242
search.iir_min_depth = 6.353756416809812
search.qs_delta_margin = 500.4155041970773
search.se_min_depth = 5.9717881003854245
search.se_margin = 2.0364417884981556
search.correction_weight = 123.65090744666124
search.correction_nonpawn = 130.2222317253704
search.capture_history = 97.21233189060543
search.lmr_history_divisor = 6936.527434073254
search.history_bonus_per_depth = 357.95945325915886
search.history_bonus_max = 2303.885501750117
search.lmr_cut_node = 0.021292171961270617
search.lmr_not_improving = 0.032156763260139776
