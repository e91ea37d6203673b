"""`python -m grundy` runs the command line."""
from grundy.cli import main

main()
