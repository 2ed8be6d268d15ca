// QQ Mail pull-down loader: three balls and their timer.
// Extracted verbatim from the seed write-up 002_a00869aa92903a4a.txt (the team's ../shared/seeds/), lines 195–303,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

    float opacity = 0.8;
    CGPoint center = CGPointMake(CGRectGetWidth(self.view.bounds)/2, CGRectGetHeight(self.view.bounds)/2);
    __block CGFloat radius = 6;
    __block CGFloat offset = 30;
    
    CAShapeLayer *red = [CAShapeLayer layer];
    red.strokeColor = [UIColor redColor].CGColor;
    red.fillColor = [UIColor redColor].CGColor;
    red.opacity = opacity;
    
    UIBezierPath *redPath = [UIBezierPath bezierPath];
    __block CGPoint redCenter = CGPointMake(center.x-offset, center.y);
    [redPath addArcWithCenter:redCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
    red.path = redPath.CGPath;
    [self.view.layer addSublayer:red];
    
    CAShapeLayer *yellow = [CAShapeLayer layer];
    yellow.strokeColor = [UIColor yellowColor].CGColor;
    yellow.fillColor = [UIColor yellowColor].CGColor;
    yellow.opacity = opacity;

    UIBezierPath *yellowPath = [UIBezierPath bezierPath];
    __block CGPoint yellowCenter = center;
    [yellowPath addArcWithCenter:yellowCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
    yellow.path = yellowPath.CGPath;
    [self.view.layer addSublayer:yellow];
    
    CAShapeLayer *green = [CAShapeLayer layer];
    green.strokeColor = [UIColor greenColor].CGColor;
    green.fillColor = [UIColor greenColor].CGColor;
    green.opacity = opacity;

    UIBezierPath *greenPath = [UIBezierPath bezierPath];
    __block CGPoint greenCenter = CGPointMake(center.x+offset, center.y);
    [greenPath addArcWithCenter:greenCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
    green.path = greenPath.CGPath;
    [self.view.layer addSublayer:green];
    
    NSArray *six = @[@(-1), @(1), @(1), @(-1), @(0), @(0)];
        
    __block NSInteger redStaIdx = 1;
    __block NSInteger yellowStaIdx = 5;
    __block NSInteger greenStaIdx = 3;

    __block NSInteger timeCount = 0; 
    CGFloat time = 0.008;
    dispatch_queue_t queue = dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0);
    timer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, queue);
    dispatch_source_set_timer(timer, DISPATCH_TIME_NOW, time * NSEC_PER_SEC, 0 * NSEC_PER_SEC);
    dispatch_source_set_event_handler(timer, ^{   
        dispatch_async(dispatch_get_main_queue(), ^{   
            NSInteger redV = ((NSNumber *)six[redStaIdx]).integerValue;
            NSInteger yellowV = ((NSNumber *)six[yellowStaIdx]).integerValue;
            NSInteger greenV = ((NSNumber *)six[greenStaIdx]).integerValue;
            
            if (redStaIdx == 3) {
                red.zPosition = 3;
                yellow.zPosition = 2;
                green.zPosition = 1;
            } 
            if (yellowStaIdx == 3) {
                red.zPosition = 1;
                yellow.zPosition = 3;
                green.zPosition = 2;  
            }
            if (greenStaIdx == 3) {
                red.zPosition = 2;
                yellow.zPosition = 1;
                green.zPosition = 3;
            }
            
            UIBezierPath *redPath = [UIBezierPath bezierPath];
            redCenter = CGPointMake(redCenter.x+1*redV, redCenter.y);
            [redPath addArcWithCenter:redCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
            red.path = redPath.CGPath;
            
            UIBezierPath *yellowPath = [UIBezierPath bezierPath];
            yellowCenter = CGPointMake(yellowCenter.x+1*yellowV, yellowCenter.y);
            [yellowPath addArcWithCenter:yellowCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
            yellow.path = yellowPath.CGPath;
            
            UIBezierPath *greenPath = [UIBezierPath bezierPath];
            greenCenter = CGPointMake(greenCenter.x+1*greenV, greenCenter.y);
            [greenPath addArcWithCenter:greenCenter radius:radius startAngle:M_PI_2*3 endAngle:M_PI_2*7 clockwise:YES];
            green.path = greenPath.CGPath;

            timeCount++;
            
            if (timeCount == offset) {
                timeCount = 0;
                
                redStaIdx++;                
                if (redStaIdx == 6) {
                    redStaIdx = 0;
                }
                
                yellowStaIdx++;
                if (yellowStaIdx == 6) {
                    yellowStaIdx = 0;
                }
                
                greenStaIdx++;
                if (greenStaIdx == 6) {
                    greenStaIdx = 0;
                }
            }
        });
    });
    dispatch_resume(timer);
