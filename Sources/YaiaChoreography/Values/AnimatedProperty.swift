/// A value a track can animate: anything that can say where it is between two values.
/// `Double` and ``AnimatedPoint`` are; conform your own (a color, a rect) to animate it.
public protocol Interpolable: Hashable, Sendable {
  /// The value `fraction` of the way from `self` to `other` (0 is `self`, 1 is `other`;
  /// curves may take it a little outside).
  func interpolated(to other: Self, by fraction: Double) -> Self
}

extension Double: Interpolable {
  /// `self + (other - self) × fraction`.
  public func interpolated(to other: Double, by fraction: Double) -> Double {
    self + (other - self) * fraction
  }
}

/// An offset, in points (or terminal columns and rows).
public struct AnimatedPoint: Interpolable {
  /// The horizontal offset.
  public var x: Double
  /// The vertical offset.
  public var y: Double

  /// A point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Both coordinates interpolated.
  public func interpolated(to other: AnimatedPoint, by fraction: Double) -> AnimatedPoint {
    AnimatedPoint(
      x: x.interpolated(to: other.x, by: fraction), y: y.interpolated(to: other.y, by: fraction))
  }
}

/// What a track animates, and between which values.
public enum AnimatedProperty: Hashable, Sendable {
  /// Opacity, 0 (invisible) to 1.
  case opacity(from: Double, to: Double)
  /// An offset from the element's place.
  case offset(from: AnimatedPoint, to: AnimatedPoint)
  /// A scale factor (1 is the element's own size; a bar that fills goes from 0 to 1).
  case scale(from: Double, to: Double)
  /// Any other named number.
  case value(name: String, from: Double, to: Double)
  /// Any other named ``Interpolable`` value (a color, a rect).
  case interpolable(name: String, AnyInterpolation)

  /// Animates any ``Interpolable`` value under `name`.
  public static func animate<Value: Interpolable>(_ name: String, from: Value, to: Value) -> Self {
    .interpolable(name: name, AnyInterpolation(from: from, to: to))
  }

  /// The property's name: `opacity`, `offset`, `scale`, or the value's name.
  public var name: String {
    switch self {
    case .opacity: "opacity"
    case .offset: "offset"
    case .scale: "scale"
    case .value(let name, _, _): name
    case .interpolable(let name, _): name
    }
  }

  /// The property's value at eased progress `fraction`.
  public func value(at fraction: Double) -> AnimatedValue {
    switch self {
    case .opacity(let from, let to): .number(from.interpolated(to: to, by: fraction))
    case .offset(let from, let to): .point(from.interpolated(to: to, by: fraction))
    case .scale(let from, let to): .number(from.interpolated(to: to, by: fraction))
    case .value(_, let from, let to): .number(from.interpolated(to: to, by: fraction))
    case .interpolable(_, let interpolation): .other(interpolation.value(at: fraction))
    }
  }

  /// Whether the values are finite (an animation to infinity draws nothing useful).
  var isFinite: Bool {
    switch self {
    case .opacity(let from, let to), .scale(let from, let to), .value(_, let from, let to):
      from.isFinite && to.isFinite
    case .offset(let from, let to):
      from.x.isFinite && from.y.isFinite && to.x.isFinite && to.y.isFinite
    case .interpolable: true
    }
  }
}

/// A property's value in a frame.
public enum AnimatedValue: Hashable, Sendable {
  /// A number (opacity, scale, a named value).
  case number(Double)
  /// A point (an offset).
  case point(AnimatedPoint)
  /// Another ``Interpolable`` value; read it back with ``InterpolatedValue/base``.
  case other(InterpolatedValue)

  /// The number, or the point's x.
  public var number: Double {
    switch self {
    case .number(let value): value
    case .point(let point): point.x
    case .other: .nan
    }
  }
}

/// An ``Interpolable`` value with its type erased: equal to another when both are of the same
/// type and equal.
public struct InterpolatedValue: Hashable, Sendable {
  /// The value; cast it to its type.
  public let base: any Interpolable

  /// Erases `base`'s type.
  public init(_ base: some Interpolable) {
    self.base = base
  }

  /// Equal when of the same type and equal.
  public static func == (a: Self, b: Self) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }

  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

/// An ``Interpolable`` animation with its type erased, so that tracks of different value types
/// sit in one choreography. Two are equal when they go between equal values.
public struct AnyInterpolation: Hashable, Sendable {
  private let from: InterpolatedValue
  private let to: InterpolatedValue
  private let interpolate: @Sendable (Double) -> InterpolatedValue

  /// From `from` to `to`.
  public init<Value: Interpolable>(from: Value, to: Value) {
    self.from = InterpolatedValue(from)
    self.to = InterpolatedValue(to)
    interpolate = { InterpolatedValue(from.interpolated(to: to, by: $0)) }
  }

  /// The value at eased progress `fraction`.
  public func value(at fraction: Double) -> InterpolatedValue { interpolate(fraction) }

  /// Equal when both ends are.
  public static func == (a: Self, b: Self) -> Bool { a.from == b.from && a.to == b.to }

  /// Hashes both ends.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(from)
    hasher.combine(to)
  }
}

/// `Codable`, for ``ChoreographyFrame``: numbers and points are written; an ``InterpolatedValue``
/// throws, since its type is erased.
extension AnimatedValue: Codable {}

/// Not written: its type is erased, so it could not be read back. Encoding and decoding throw,
/// naming the type, and the event that carries it is left out of an exported session.
extension InterpolatedValue: Codable {
  /// Throws `EncodingError.invalidValue`: an erased value cannot be read back.
  public func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(
      base,
      EncodingError.Context(
        codingPath: encoder.codingPath,
        debugDescription:
          "an Interpolable \(type(of: base)) is not written: its type is erased, so it could not be read back"
      ))
  }

  /// Throws `DecodingError.dataCorrupted`: nothing writes one.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "an Interpolable value of an erased type cannot be read"))
  }
}

/// `Codable`, for ``AnimatedValue``.
extension AnimatedPoint: Codable {}
