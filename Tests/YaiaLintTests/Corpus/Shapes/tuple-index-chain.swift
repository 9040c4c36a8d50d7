// rule: law-of-demeter
// config: rules: { law-of-demeter: on }
// pattern: tuple-index-chain
// expect: none
func letters() -> [String] {
  [puzzle.cubes.2.2.1.right.letter, puzzle.cubes.0.1.left.letter]
}
