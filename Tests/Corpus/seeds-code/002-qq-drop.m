// QQ pull-to-refresh drop: the drop at rest.
// Extracted verbatim from the seed write-up 002_a00869aa92903a4a.txt (the team's ../shared/seeds/), lines 112–121,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

    UIColor *color = [UIColor colorWithRed:101/255.f green:200/255.f blue:250/255.f alpha:1];
    
    layer = [CAShapeLayer layer];
    layer.strokeColor = color.CGColor;
    layer.fillColor = color.CGColor;
    
    UIBezierPath *path = [UIBezierPath bezierPath];
    [path addArcWithCenter:CGPointMake(CGRectGetWidth(self.view.bounds)/2, 40) radius:15 startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
    layer.path = path.CGPath;
    [self.view.layer addSublayer:layer];
