import Foundation

/// A colour as a value: red, green, blue and opacity, each from 0 to 1 (sRGB).
///
/// A palette is a table of these, so a test can say which colour a screen uses with `==`, and
/// check that a text colour is readable on its background (``contrastRatio(with:)``) without a
/// screen or a simulator.
public struct ColorValue: Hashable, Sendable, CustomStringConvertible {
  /// Red, from 0 to 1.
  public var red: Double
  /// Green, from 0 to 1.
  public var green: Double
  /// Blue, from 0 to 1.
  public var blue: Double
  /// Opacity, from 0 (clear) to 1.
  public var opacity: Double

  /// A colour from components from 0 to 1; each is clamped into that range (a NaN becomes 0),
  /// so no value reaches a renderer that it cannot draw.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    self.red = clamped(red)
    self.green = clamped(green)
    self.blue = clamped(blue)
    self.opacity = clamped(opacity)
  }

  /// The colour `0xRRGGBB`, opaque: `ColorValue(hex: 0x0A84FF)`, as designers hand colours over.
  /// Bits above the lowest 24 are ignored.
  public init(hex: UInt32) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255)
  }

  /// `#0A84FF`, or `#0A84FF80` when not opaque.
  public var description: String {
    func byte(_ value: Double) -> String {
      let digits = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (opacity < 1 ? byte(opacity) : "")
  }

  /// The relative luminance WCAG 2 defines, from 0 (black) to 1 (white); opacity is ignored.
  public var luminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG 2 contrast ratio with `other`, from 1 (none) to 21 (black on white). Text needs
  /// 4.5 (AA), large text 3.
  public func contrastRatio(with other: ColorValue) -> Double {
    let (lighter, darker) = (max(luminance, other.luminance), min(luminance, other.luminance))
    return (lighter + 0.05) / (darker + 0.05)
  }
}
