# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 14712
results -44
search.aspiration_window = 22.18764712774086
search.rfp_max_depth = 4.736482397427965
search.rfp_margin = 52.423619762141506
search.nmp_base_reduction = 3.3616482104495216
search.nmp_depth_divisor = 1.7054312009884607
search.nmp_eval_divisor = 182.81068990682826
search.futility_max_depth = 10.421778222251838
search.futility_base = 63.24837092617114
search.futility_per_depth = 77.36831023078403
search.lmp_max_depth = 4.680134054356229
search.lmp_base = 7.943542630379038
search.see_max_depth = 11.94301571958567
search.see_quiet_margin = 54.36465627917872
search.see_capture_margin = 16.572890982344084
search.lmr_base = 77.90326548187461
search.lmr_divisor = 183.18778420370788
search.iir_min_depth = 5.947329033442617
search.qs_delta_margin = 463.3792228121746
search.se_min_depth = 5.579436876042635
search.se_margin = 1.91048783388236
search.correction_weight = 118.26082480488353
search.correction_nonpawn = 125.17209489764323
search.capture_history = 95.8385097393211
search.lmr_history_divisor = 6842.5924941489175
search.history_bonus_per_depth = 352.9811799395368
search.history_bonus_max = 2166.4929915135012
search.lmr_cut_node = 0.2749943643502449
search.lmr_not_improving = 0.3709153305044572
