/// How a track's progress follows time: linear, the platform's ease curves, or any cubic
/// Bézier from (0, 0) to (1, 1), as `UICubicTimingParameters` and CSS define them.
public enum TimingCurve: Hashable, Sendable {
  /// Progress equals time.
  case linear
  /// Starts slowly: the Bézier (0.42, 0) (1, 1).
  case easeIn
  /// Ends slowly: the Bézier (0, 0) (0.58, 1).
  case easeOut
  /// Starts and ends slowly: the Bézier (0.42, 0) (0.58, 1).
  case easeInOut
  /// A cubic Bézier with control points (x1, y1) and (x2, y2); x1 and x2 must lie in 0...1 so
  /// that time never runs backwards (the y values may overshoot, for a bounce).
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

  /// The curve's control points.
  var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
    switch self {
    case .linear: nil
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInOut: (0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
    }
  }

  /// Whether the control points are usable: finite, with x in 0...1.
  var isValid: Bool {
    guard let points = controlPoints else { return true }
    let all = [points.x1, points.y1, points.x2, points.y2]
    return all.allSatisfy(\.isFinite) && (0...1).contains(points.x1) && (0...1).contains(points.x2)
  }

  /// The eased progress at `time` (0...1; clamped outside).
  public func value(at time: Double) -> Double {
    let time = min(1, max(0, time.isNaN ? 0 : time))
    guard let points = controlPoints, time > 0, time < 1 else { return time }
    let parameter = Self.solve(x: time, x1: points.x1, x2: points.x2)
    return Self.bezier(parameter, points.y1, points.y2)
  }

  /// One coordinate of the curve from 0 to 1 with control coordinates `a` and `b`, at `t`.
  static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  }

  /// Its derivative.
  static func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
  }

  /// The curve parameter whose x is `x`: Newton's method from a good start, then bisection
  /// when Newton strays (a flat slope), to within 1e-12.
  static func solve(x: Double, x1: Double, x2: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = bezier(t, x1, x2) - x
      if abs(error) < 1e-12 { return t }
      let derivative = slope(t, x1, x2)
      guard abs(derivative) > 1e-9 else { break }
      let next = t - error / derivative
      guard next >= 0, next <= 1 else { break }
      t = next
    }
    // x(t) is increasing when x1 and x2 lie in 0...1: bisection always converges.
    var low = 0.0
    var high = 1.0
    t = x
    for _ in 0..<100 {
      let value = bezier(t, x1, x2)
      if abs(value - x) < 1e-12 { return t }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return t
  }
}
