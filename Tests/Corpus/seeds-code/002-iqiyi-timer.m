// iQiyi loader: the timer that animates them.
// Extracted verbatim from the seed write-up 002_a00869aa92903a4a.txt (the team's ../shared/seeds/), lines 62–101,
// for `fx import` (docs/importing.md, "Checked on the seeds' code").

    __block BOOL show = YES;
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(1 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{    
        dispatch_queue_t queue = dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0);
        self->timer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, queue);
        dispatch_source_set_timer(self->timer, DISPATCH_TIME_NOW, 0.6 * NSEC_PER_SEC, 0 * NSEC_PER_SEC);
        dispatch_source_set_event_handler(self->timer, ^{
            dispatch_async(dispatch_get_main_queue(), ^{
                if (show) {
                    layer1.strokeStart = 0.02;
                    layer1.strokeEnd = 0.98;
                    CABasicAnimation *animation = [CABasicAnimation animationWithKeyPath:@"strokeEnd"];
                    animation.duration = 0.6;
                    animation.fromValue = @(0.02);
                    animation.toValue = @(0.98);
                    animation.timingFunction = [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut];
                    [layer1 addAnimation:animation forKey:@"strokeEnd"];
                } else {
                    layer1.strokeStart = 0.98;
                    layer1.strokeEnd = 0.98;
                    CABasicAnimation *animation1 = [CABasicAnimation animationWithKeyPath:@"strokeStart"];
                    animation1.duration = 0.6;
                    animation1.fromValue = @(0.02);
                    animation1.toValue = @(0.98);
                    animation1.timingFunction = [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut];
                    [layer1 addAnimation:animation1 forKey:@"strokeStart"];
                    
                    CGFloat rotation = (M_PI/3*2)*2;
                    layer2.transform = CATransform3DRotate(layer2.transform, rotation, 0, 0, 1);
                    CABasicAnimation *animation2 = [CABasicAnimation animationWithKeyPath:@"transform.rotation.z"];
                    animation2.duration = 0.6;
                    animation2.fromValue = @(0);
                    animation2.toValue = @(rotation);
                    animation2.timingFunction = [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseInEaseOut];
                    [layer2 addAnimation:animation2 forKey:@"transform.rotation.z"];
                }
                show = !show;
            });
        });
        dispatch_resume(self->timer);
    });
