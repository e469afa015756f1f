"""Agents: bots that choose an action from an observation.

Every agent has ``act(observation, legal, rng) -> action``; it sees only what its
seat may know (the observation) and never the state or the other agents.
``make_agent(spec, game)`` builds one from a name such as ``"random"``,
``"heuristic"`` or ``"script:bid 10,pass"``.
"""

from bluffkit.agents.base import Agent, ScriptedAgent, agent_names, make_agent

__all__ = ["Agent", "ScriptedAgent", "agent_names", "make_agent"]
