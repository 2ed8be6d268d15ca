//  SnowfallViewController.m
//  Snow across the view controller's view, Objective-C: viewDidLoad passes the view's bounds
//  to a set-up method with a parameter, which measures the rectangle with Core Graphics'
//  CGRectGet… functions and MAX.

#import <UIKit/UIKit.h>
#import <QuartzCore/QuartzCore.h>

@interface SnowfallViewController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *snowLayer;
@end

@implementation SnowfallViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor colorWithRed:0.05 green:0.08 blue:0.18 alpha:1.0];
    [self setupWithRect:self.view.bounds];
}

- (void)setupWithRect:(CGRect)rect {
    CAEmitterLayer *snow = [CAEmitterLayer layer];
    snow.frame = rect;
    snow.emitterPosition = CGPointMake(CGRectGetMidX(rect), CGRectGetMinY(rect));
    snow.emitterSize = CGSizeMake(MAX(CGRectGetWidth(rect), 1.0), 1.0);
    snow.emitterShape = kCAEmitterLayerLine;
    snow.emitterMode = kCAEmitterLayerOutline;

    CAEmitterCell *flake = [CAEmitterCell emitterCell];
    flake.name = @"flake";
    flake.birthRate = 60;
    flake.lifetime = 12;
    flake.velocity = 50;
    flake.velocityRange = 15;
    flake.yAcceleration = 10;
    flake.emissionLongitude = M_PI_2;
    flake.emissionRange = M_PI / 16;
    flake.scale = MIN(0.08, CGRectGetHeight(rect) / 1000.0);
    flake.scaleRange = 0.03;
    flake.spinRange = 1;
    flake.color = [[UIColor colorWithWhite:1.0 alpha:0.9] CGColor];
    flake.contents = (id)[[UIImage imageNamed:@"snowflake"] CGImage];

    snow.emitterCells = @[flake];
    [self.view.layer addSublayer:snow];
    self.snowLayer = snow;
}

@end
