// Catalogue: CALayer implicit animation (CAShapeLayer strokeEnd).
// Extracted verbatim from the seed write-up 004_b7b8b4341c73f734.txt (the team's ../shared/seeds/), lines 450–466,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

- (void)testForCALayer{

    self.testLayer = [[CAShapeLayer alloc] init];
    _testLayer.strokeEnd = 0;
    _testLayer.strokeColor = [UIColor redColor].CGColor;
    _testLayer.fillColor = [UIColor clearColor].CGColor;
    _testLayer.lineWidth = 3;
    _testLayer.path = [UIBezierPath bezierPathWithArcCenter:self.view.center radius:100 startAngle:-M_PI_2 endAngle:3/2.0*M_PI clockwise:YES].CGPath;
    [self.view.layer addSublayer:_testLayer];
    
}

- (void)animationForLayer{

    self.testLayer.strokeEnd = 1;
    
}
