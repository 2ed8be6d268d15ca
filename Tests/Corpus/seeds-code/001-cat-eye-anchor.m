// SCCatWaitingHUD: the right eyeball's anchor point and position.
// Extracted verbatim from the seed write-up 001_1900eced8ab751c3.txt (the team's ../shared/seeds/), lines 93–93,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

_rightEye.layer.anchorPoint = CGPointMake(1.5f, 1.5f); _rightEye.layer.position = CGPointMake(self.faceView.right - 13.5f, self.faceView.top + width/3.0f + 7.5f);
