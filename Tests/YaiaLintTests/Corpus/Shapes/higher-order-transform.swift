// rule: nested-closures
// pattern: higher-order-transform
// expect: none
func summary() -> [String] {
  sections.map { section in
    section.rows.filter { row in row.items.contains { $0.isNew } }.map { $0.title }
  }.flatMap { $0 }
}
