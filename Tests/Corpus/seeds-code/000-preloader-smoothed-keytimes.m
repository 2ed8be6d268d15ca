// Preloader: the smoothed keyTimes of the left fixed spot.
// Extracted verbatim from the seed write-up 000_0cf893f8884abbc9.txt (the team's ../shared/seeds/), lines 99–99,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

CGFloat ti = SPOT_MAGNIFY_ANIM_DURATION_RATIO; leftFixedSpotAnim.keyTimes = @[@(0.0), @(0.01), @(0.01+ti), @(0.25), @(0.25+ti), @(0.33), @(0.33+ti), @(0.41), @(0.41+ti), //sleep @(0.85), @(0.85+ti), @(0.93), @(0.93+ti), @(1.00)]; //SPOT_DEL |
