"""Demo data: the demo catalogue (`catalogue`), demo orders (`orders`) and the one
`seed_demo` command that loads them. Nothing imports this app; it imports catalog,
accounts and orders."""
