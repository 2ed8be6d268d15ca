// iQiyi loader: the ring and the triangle (CAShapeLayer).
// Extracted verbatim from the seed write-up 002_a00869aa92903a4a.txt (the team's ../shared/seeds/), lines 14–57,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

    UIColor *color = [UIColor colorWithRed:64/255.f green:168/255.f blue:59/255.f alpha:1];
    
    CGFloat width = 70;
    CGFloat height = 70;
    UIBezierPath *path1 = [UIBezierPath bezierPathWithOvalInRect:CGRectMake((CGRectGetWidth(self.view.bounds)-width)/2, (CGRectGetHeight(self.view.bounds)-height)/2, width, height)];
    
    CAShapeLayer *layer1 = [CAShapeLayer layer];
    layer1.contentsScale = [[UIScreen mainScreen] scale];
    layer1.frame = self.view.bounds;
    layer1.path = path1.CGPath;
    layer1.strokeColor = color.CGColor;
    layer1.fillColor = [UIColor clearColor].CGColor;
    layer1.lineCap = kCALineCapRound;
    layer1.lineWidth = 7;
    layer1.transform = CATransform3DMakeRotation(-M_PI_2, 0, 0, 1);
    layer1.strokeStart = 0;
    layer1.strokeEnd = 0;

    [self.view.layer addSublayer:layer1];
    
    CGFloat offset = 20;
    CGPoint one = CGPointMake(CGRectGetMidX(self.view.bounds)+offset, self.view.center.y);
    CGPoint two = CGPointMake(one.x-offset/2*3, one.y+offset/2/tan(M_PI_2/3));
    CGPoint three = CGPointMake(one.x-offset/2*3, one.y-offset/2/tan(M_PI_2/3));
    
    UIBezierPath *path2 = [UIBezierPath bezierPath];
    [path2 moveToPoint:one];
    [path2 addLineToPoint:two];
    [path2 addLineToPoint:three];
    [path2 closePath];
    
    CAShapeLayer *layer2 = [CAShapeLayer layer];
    layer2.contentsScale = [[UIScreen mainScreen] scale];
    layer2.frame = self.view.bounds;
    layer2.path = path2.CGPath;
    layer2.strokeColor = color.CGColor;
    layer2.fillColor = color.CGColor;
    layer2.lineWidth = 2;
    layer2.lineCap = kCALineCapRound;
    
    [self.view.layer addSublayer:layer2];

首先呢,layer1是我所绘制的残缺的圆环,layer2是里面的三角形。具体点的坐标呢,自己算吧。

