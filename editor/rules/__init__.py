"""The host side of the rules: editions, rulesets, legality, moves and scoring.

It calls the plugins' rule hooks and applies what they return; it holds no edition's rule.
"""
