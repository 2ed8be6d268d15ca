// SCCatWaitingHUD: the HUD's UIWindow.
// Extracted verbatim from the seed write-up 001_1900eced8ab751c3.txt (the team's ../shared/seeds/), lines 63–63,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

self.backgroundWindow = [[UIWindow alloc]initWithFrame:self.frame]; _backgroundWindow.windowLevel = UIWindowLevelStatusBar; _backgroundWindow.backgroundColor = [UIColor clearColor]; _backgroundWindow.alpha = 0.0f;
