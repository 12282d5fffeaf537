# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 16138
results 5
search.aspiration_window = 23.05314541275975
search.rfp_max_depth = 4.245568802437704
search.rfp_margin = 52.76920450856379
search.nmp_base_reduction = 3.6923829826892764
search.nmp_depth_divisor = 1.53733513894392
search.nmp_eval_divisor = 179.41093655307373
search.futility_max_depth = 10.328433536052183
search.futility_base = 68.4511464882731
search.futility_per_depth = 72.42591807826734
search.lmp_max_depth = 4.89042131000245
search.lmp_base = 7.6424243305221
search.see_max_depth = 11.675218629642819
search.see_quiet_margin = 52.74084671306629
search.see_capture_margin = 15.923249509213164
search.lmr_base = 85.96601721627871
search.lmr_divisor = 189.5923753901108
search.iir_min_depth = 6.079749705892624
search.qs_delta_margin = 467.22516162150333
search.se_min_depth = 5.440716813274102
search.se_margin = 2.0032023305578495
search.correction_weight = 117.18120253273483
search.correction_nonpawn = 127.72782056936236
search.capture_history = 92.97093878557246
search.lmr_history_divisor = 6552.39760830745
search.history_bonus_per_depth = 352.48260436455513
search.history_bonus_max = 2291.158448625184
search.lmr_cut_node = 0.24461086103879914
search.lmr_not_improving = 0.2792587219081253
