# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 6534
results 15
search.aspiration_window = 18.908497162276124
search.rfp_max_depth = 4.558659174574501
search.rfp_margin = 70.75636415430772
search.nmp_base_reduction = 4.507139543134345
search.nmp_depth_divisor = 2.9131685408602417
search.nmp_eval_divisor = 157.41687494779467
search.futility_max_depth = 8.695342553027794
search.futility_base = 74.67275114073938
search.futility_per_depth = 71.68198330175841
search.lmp_max_depth = 5.467328635254196
search.lmp_base = 7.887742825839321
search.see_max_depth = 12.834242469425908
search.see_quiet_margin = 53.5061298812742
search.see_capture_margin = 18.17228616086298
search.lmr_base = 87.22926628598317
search.lmr_divisor = 183.77359340382114
search.iir_min_depth = 7.167348907714867
search.qs_delta_margin = 515.8011441086992
search.se_min_depth = 5.806696052779943
search.se_margin = 2.53100557918651
search.correction_weight = 100.03763811148372
search.correction_nonpawn = 141.3923272179643
search.capture_history = 100.38625708048149
search.lmr_history_divisor = 6631.810559199608
search.history_bonus_per_depth = 341.19584537912766
search.history_bonus_max = 2146.782133356895
search.lmr_cut_node = 1.9852242089710639
search.lmr_not_improving = 0.23750088490670165
