// The syntax tree the reader walks: tree-sitter's tree copied into plain objects in one cursor pass, so the
// wasm tree is deleted before any reading starts (nothing of it can leak) and every later step is plain JS.

export interface SyntaxNode {
  readonly type: string;
  /** False for anonymous tokens (operators, keywords, quotes). */
  readonly named: boolean;
  /** The grammar field this node fills in its parent (`name`, `argument`, `redirect`, `body`, …). */
  readonly field: string | null;
  /** UTF-16 offsets into the text that was parsed. */
  readonly start: number;
  readonly end: number;
  readonly children: SyntaxNode[];
}

/**
 * Every named node type the reader handles. tree-sitter-bash knows no others today; a grammar update that
 * adds one makes the reader refuse (`unknown-node`) until someone decides what it means.
 */
export const KNOWN_NODE_TYPES: ReadonlySet<string> = new Set([
  // statements
  'program', 'list', 'pipeline', 'command', 'redirected_statement', 'subshell', 'compound_statement',
  'if_statement', 'elif_clause', 'else_clause', 'while_statement', 'for_statement', 'c_style_for_statement',
  'case_statement', 'case_item', 'do_group', 'function_definition', 'negated_command', 'test_command',
  'declaration_command', 'unset_command', 'variable_assignment', 'variable_assignments', 'comment',
  // words and what they are made of
  'command_name', 'word', 'string', 'string_content', 'raw_string', 'ansi_c_string', 'translated_string',
  'concatenation', 'simple_expansion', 'expansion', 'command_substitution', 'process_substitution',
  'arithmetic_expansion', 'brace_expression', 'number', 'variable_name', 'special_variable_name', 'array',
  'subscript', 'regex', 'extglob_pattern', 'test_operator',
  // redirections
  'file_redirect', 'heredoc_redirect', 'herestring_redirect', 'file_descriptor', 'heredoc_start',
  'heredoc_body', 'heredoc_content', 'heredoc_end',
  // arithmetic and test expressions
  'binary_expression', 'unary_expression', 'postfix_expression', 'ternary_expression',
  'parenthesized_expression',
]);

/** The child filling `field`, if any. */
export function childByField(node: SyntaxNode, field: string): SyntaxNode | undefined {
  return node.children.find((c) => c.field === field);
}

