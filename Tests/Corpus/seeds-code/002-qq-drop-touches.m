// QQ pull-to-refresh drop: the pull, in touchesMoved.
// Extracted verbatim from the seed write-up 002_a00869aa92903a4a.txt (the team's ../shared/seeds/), lines 127–162,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

- (void)touchesBegan:(NSSet<UITouch *> *)touches withEvent:(UIEvent *)event {
    [super touchesBegan:touches withEvent:event];
    
    UITouch *touch = [touches anyObject];
    startPoint = [touch locationInView:self.view];
}

- (void)touchesMoved:(NSSet<UITouch *> *)touches withEvent:(nullable UIEvent *)event {
    [super touchesMoved:touches withEvent:event];
    
    UITouch *touch = [touches anyObject];
    CGPoint point = [touch locationInView:self.view];
    
    if (point.y < startPoint.y) {
        UIBezierPath *path = [UIBezierPath bezierPath];
        [path addArcWithCenter:CGPointMake(CGRectGetWidth(self.view.bounds)/2, 40) radius:15 startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
        layer.path = path.CGPath;
        return;
    } else {
        CGFloat s =  point.y-startPoint.y;
        
        CGPoint topCenter = CGPointMake(CGRectGetWidth(self.view.bounds)/2, 40);
        CGPoint rightPathC = CGPointMake(topCenter.x+(15-3-s/6), topCenter.y+s/2); 
        CGPoint bottomCenter = CGPointMake(topCenter.x, topCenter.y+s);
        CGPoint leftPathC = CGPointMake(topCenter.x-(15-3-s/6), topCenter.y+s/2); 
        
        UIBezierPath *path = [UIBezierPath bezierPath];
        [path addArcWithCenter:topCenter radius:15-s/6 startAngle:M_PI_2*2 endAngle:M_PI_2*4 clockwise:YES];
        [path addQuadCurveToPoint:CGPointMake(rightPathC.x, topCenter.y+s) controlPoint:rightPathC];
        [path addArcWithCenter:bottomCenter radius:15-3-s/6 startAngle:M_PI_2*4 endAngle:M_PI_2*6 clockwise:YES];
        [path addQuadCurveToPoint:CGPointMake(leftPathC.x-3, topCenter.y) controlPoint:leftPathC];
        [path closePath];
        
        layer.path = path.CGPath;
    }
}
