import Foundation
import Yaia

// yaia-lint: disable law-of-demeter — reading a value's own fields
struct Row: Equatable { var size: (w: Int, h: Int) }

final class Shell {
  private var unused = 0
  @State private var shown = false
  func run(_ values: [[Int]]) -> [String: Any] {
    values.map { row in row.map { $0 * 2 } }.flatMap { $0 }.isEmpty ? [:] : ["a": [[1], [2]]]
  }
  // let x = foo(bar: 1)
  /* func old() { print("x") } */
}
