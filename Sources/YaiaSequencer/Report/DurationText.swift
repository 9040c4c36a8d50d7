/// A duration for people: `800 ms`, `2.5 s`, `0.4 ms`.
func formatted(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  if microseconds == 0 { return "0 ms" }
  if abs(microseconds) >= 10_000_000 {
    return "\(microseconds / 1_000_000) s"
  }
  if abs(microseconds) >= 1_000_000 {
    let tenths = (microseconds + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }
  if abs(microseconds) >= 1_000 {
    return "\((microseconds + 500) / 1_000) ms"
  }
  let hundredths = (microseconds + 5) / 10
  return "0.\(hundredths < 10 ? "0" : "")\(hundredths) ms"
}
