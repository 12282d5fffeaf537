# SPSA checkpoint (chainmate tune --method spsa --resume)
iteration 5914
results 58
search.aspiration_window = 18.874828213840107
search.rfp_max_depth = 4.349809755577073
search.rfp_margin = 71.4035220017494
search.nmp_base_reduction = 4.8124781355389885
search.nmp_depth_divisor = 2.6403274174278515
search.nmp_eval_divisor = 153.65388147986977
search.futility_max_depth = 9.41043930286335
search.futility_base = 73.91919981061996
search.futility_per_depth = 80.24680413429581
search.lmp_max_depth = 5.577478424110284
search.lmp_base = 8.381826946065319
search.see_max_depth = 12.756398107121326
search.see_quiet_margin = 56.03809086135797
search.see_capture_margin = 17.739687203939503
search.lmr_base = 86.56047986287491
search.lmr_divisor = 185.2881341542866
search.iir_min_depth = 6.532637090074644
search.qs_delta_margin = 518.176942566846
search.se_min_depth = 6.559916022045076
search.se_margin = 2.555792217533945
search.correction_weight = 102.5601862046403
search.correction_nonpawn = 138.53281135091058
search.capture_history = 95.13220052161218
search.lmr_history_divisor = 6472.308391563303
search.history_bonus_per_depth = 333.1649158345472
search.history_bonus_max = 2096.027271548584
search.lmr_cut_node = 2.22661008437769
search.lmr_not_improving = 0.29839965083630793
