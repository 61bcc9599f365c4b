"""Calls the agent-tool endpoint with the official MCP Python SDK, as a Python host does:
initialize, tools/list, then tools/call for each call given. Prints one JSON document
that test/mcp/mcp-python-client.ts asserts on.

Usage: python-client.py <mcp_url> <calls.json>   (the API key in LEVY_MCP_KEY)
calls.json: [{"name": "...", "arguments": {...}}, ...]
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def text_of(result):
    return [block.text for block in result.content if getattr(block, "type", None) == "text"]


async def main(url: str, calls: list) -> dict:
    headers = {"authorization": f"Bearer {os.environ['LEVY_MCP_KEY']}"}
    async with create_mcp_http_client(headers=headers) as http_client:
        # Stateless endpoint: no session to terminate (DELETE /mcp is 405 by the spec).
        async with streamable_http_client(url, http_client=http_client, terminate_on_close=False) as (read, write, *_):
            async with ClientSession(read, write) as session:
                initialized = await session.initialize()
                tools = await session.list_tools()
                results = []
                for call in calls:
                    try:
                        result = await session.call_tool(call["name"], call.get("arguments", {}))
                        results.append({
                            "name": call["name"],
                            "is_error": bool(result.is_error),
                            "structured_content": result.structured_content,
                            "text": text_of(result),
                        })
                    except Exception as error:  # the test reports it: a host would see this exception
                        results.append({"name": call["name"], "exception": f"{type(error).__name__}: {error}"})
                return {
                    "server": initialized.server_info.name,
                    "tools": sorted(tool.name for tool in tools.tools),
                    "results": results,
                }


if __name__ == "__main__":
    with open(sys.argv[2], encoding="utf-8") as file:
        print(json.dumps(asyncio.run(main(sys.argv[1], json.load(file)))))
