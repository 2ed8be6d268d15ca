// Interactive avatar: the pan gesture that sets timeOffset.
// Extracted verbatim from the seed write-up 003_263668afc54ccbed.txt (the team's ../shared/seeds/), lines 46–53,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

- (void)pan:(UIPanGestureRecognizer *)pan
    CGFloat x = [pan translationInView:self.view].x;
    x /= 200.0f;
    CFTimeInterval timeOffset = self.headerLayer.timeOffset;
    timeOffset = MIN(0.999, MAX(0.0, timeOffset - x));
    self.headerLayer.timeOffset = timeOffset;
    self.titleLabel.layer.timeOffset = timeOffset;
    [pan setTranslation:CGPointZero inView:self.view];
