import YaiaChoreography

/// The splash the `presentSplash` step plays: the title fades in over the first half, the bar
/// fills from a quarter to the end, and the subtitle slides in over the second half, all
/// within the step's time. Drawn from frames, as text: a pure function of the frame.
enum DemoSplash {
  /// How many columns the subtitle slides in from.
  static let slide = 12.0
  /// The bar's width in characters.
  static let barWidth = 24

  /// The choreography over `duration` (the step's time).
  static func choreography(over duration: Duration) throws(ChoreographyError)
    -> Choreography
  {
    try Choreography.over(duration)
      .element("title").from(0).lasting(0.5).easeOut().fading(from: 0, to: 1)
      .element("bar").from(0.25).lasting(0.75).filling()
      .element("subtitle").from(0.5).lasting(0.5).easeOut().sliding(fromX: slide)
      .fading(from: 0, to: 1)
      .build()
  }

  /// The frame drawn as lines, with `title` and `subtitle` in the user's language. With `ansi`,
  /// the title goes from hidden to dim to bold as it fades in; without, it appears once more
  /// than half visible.
  static func lines(_ frame: ChoreographyFrame, title: String, subtitle: String, ansi: Bool)
    -> [String]
  {
    let name = title
    let titleOpacity = frame.appearance(of: "title").opacity ?? 1
    let title: String
    switch (ansi, titleOpacity) {
    case (_, ..<0.34): title = String(repeating: " ", count: name.count)
    case (true, ..<0.67): title = "\u{1B}[2m\(name)\u{1B}[0m"
    case (false, ..<0.5): title = String(repeating: " ", count: name.count)
    case (true, _): title = "\u{1B}[1m\(name)\u{1B}[0m"
    default: title = name
    }
    let fill = min(1, max(0, frame.appearance(of: "bar").scale ?? 1))
    let filled = Int((fill * Double(barWidth)).rounded())
    let bar =
      "[" + String(repeating: "█", count: filled)
      + String(repeating: "░", count: barWidth - filled) + "]"
    let subtitleAppearance = frame.appearance(of: "subtitle")
    let offset = Int((subtitleAppearance.offset?.x ?? 0).rounded())
    let visible = (subtitleAppearance.opacity ?? 1) >= 0.34
    let shown = visible ? String(repeating: " ", count: max(0, offset)) + subtitle : ""
    return ["  " + title, "  " + bar, "  " + shown]
  }
}
