// Preloader: the rebound keyframes of the moving spots.
// Extracted verbatim from the seed write-up 000_0cf893f8884abbc9.txt (the team's ../shared/seeds/), lines 112–112,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

anim.values = @[@(originX), @(originX), @(finalX), @(finalRearX), @(finalX), @(finalX), @(originX), @(originRearX), @(originX), @(originX)]; anim.keyTimes = @[@(0.0), @(0.25), @(0.35), @(0.38), @(0.41), @(0.75), @(0.85), @(0.88), @(0.91), @(1.0)]; //sleep 0.4 ratio |
