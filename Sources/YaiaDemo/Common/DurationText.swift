extension Duration {
  /// The duration as people read it on screen: `12 ms`, `1.24 s`.
  var shortText: String {
    let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
    let hundredths = Int((milliseconds / 10).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}
